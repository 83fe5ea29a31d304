import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS_NOT_INSTALLED } from '#core/breakpoints.ts';
import { ResponsiveProvider, useResponsive } from './responsive-provider.tsx';

function Probe() {
  const state = useResponsive();
  return (
    <span>{`${state.breakpoint} ${state.orientation} ${state.theme} ${state.motion} ${state.mobile}`}</span>
  );
}

describe('responsive state (§4, §5, §8)', () => {
  it('renders the configured defaults on the server', () => {
    expect(
      renderToString(
        <ResponsiveProvider>
          <Probe />
        </ResponsiveProvider>,
      ),
    ).toContain('xl landscape light no-preference false');
  });

  it('throws the not-installed error outside its provider', () => {
    expect(() => renderToString(<Probe />)).toThrow(BREAKPOINTS_NOT_INSTALLED);
  });

  it('throws a TypeError for a setup with no valid preset or breakpoints', () => {
    const quiet = { setup: { preset: 'nope' as never } };
    expect(() =>
      renderToString(
        <ResponsiveProvider setup={quiet.setup}>
          <Probe />
        </ResponsiveProvider>,
      ),
    ).toThrow(TypeError);
  });
});
