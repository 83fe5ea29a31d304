import { useState } from 'react';

export const meta = () => [
  { title: 'Floor page' },
  { name: 'description', content: 'A bare React Router page: the floor under the storefront pages.' },
];

// What a framework-mode page costs with none of the store's code: one image (the LCP), a paragraph and a button
// that hydration must wire up. The image is written next to the build by bench/floor/build.ts.
export default function Floor() {
  const [count, setCount] = useState(0);
  return (
    <main style={{ maxWidth: 800, margin: '0 auto', padding: 16 }}>
      <img
        src="/floor.webp"
        alt="A snowshoe on a trail"
        width={800}
        height={600}
        style={{ width: '100%', height: 'auto' }}
      />
      <p>
        Ridgeline snowshoes are made for deep powder and long days on the trail. This page is the bench's
        floor: it shows what React and React Router cost on a phone before any of the store's own code runs.
      </p>
      <button type="button" onClick={() => setCount(count + 1)}>
        Tapped {count} times
      </button>
    </main>
  );
}
