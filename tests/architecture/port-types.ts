import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './import-rules.ts';

/** Where a port's type must never come from: the engine's database layer and its table definitions. */
export const ENGINE_TYPE_SOURCES = [/\/node_modules\/drizzle-orm\//, /\/server\/[^/]+\/schema[^/]*\.ts$/];

export interface Leak {
  /** The way from the port's interface to the type, member by member ('catalogue.product() → …'). */
  path: string;
  /** The file that declares the type. */
  file: string;
}

const shortName = (file: string) => file.replace(/^.*node_modules\//, '').replace(`${ROOT}/`, '');

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: ['node'],
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
};

/**
 * Every type an exported interface reaches (members, parameters, results, type arguments, unions) whose declaration
 * lives in one of `forbidden`'s files: the checker resolves aliases and `ReturnType<…>`, so an engine row smuggled in
 * through an inferred type is found as surely as a named one.
 */
export function typeLeaks(
  file: string,
  interfaceName: string,
  forbidden: readonly RegExp[] = ENGINE_TYPE_SOURCES,
  extraSource?: string,
): Leak[] {
  const fileName = join(ROOT, file);
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  if (extraSource !== undefined) {
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, onError, create) =>
      name === fileName
        ? ts.createSourceFile(name, extraSource, version, true)
        : read(name, version, onError, create);
    host.fileExists = (
      (exists) => (name: string) =>
        name === fileName || exists(name)
    )(host.fileExists.bind(host));
  }
  const program = ts.createProgram([fileName], COMPILER_OPTIONS, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(fileName);
  if (!source) throw new Error(`${file} is not in the program`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const exported =
    moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === interfaceName);
  if (!exported) throw new Error(`${file} exports no ${interfaceName}`);

  const leaks: Leak[] = [];
  const seen = new Set<ts.Type>();
  const isForbidden = (declarations: readonly ts.Declaration[] | undefined) =>
    declarations
      ?.map((declaration) => declaration.getSourceFile().fileName)
      .find((name) => forbidden.some((pattern) => pattern.test(name)));

  const visit = (type: ts.Type, path: string) => {
    if (seen.has(type)) return;
    seen.add(type);
    const from = isForbidden(type.aliasSymbol?.declarations) ?? isForbidden(type.getSymbol()?.declarations);
    if (from) {
      leaks.push({ path, file: shortName(from) });
      return;
    }
    for (const argument of type.aliasTypeArguments ?? []) visit(argument, `${path}<>`);
    if (type.isUnionOrIntersection()) {
      for (const part of type.types) visit(part, path);
      return;
    }
    if (type.flags & ts.TypeFlags.Object) {
      const object = type as ts.ObjectType;
      if (object.objectFlags & ts.ObjectFlags.Reference) {
        for (const argument of checker.getTypeArguments(object as ts.TypeReference))
          visit(argument, `${path}<>`);
      }
      // Library types (Promise, Date, Map) are walked through their type arguments only.
      const declared = type.getSymbol()?.declarations?.[0]?.getSourceFile();
      if (declared && program.isSourceFileDefaultLibrary(declared)) return;
      for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
        for (const parameter of signature.getParameters()) {
          visit(checker.getTypeOfSymbol(parameter), `${path}(${parameter.name})`);
        }
        visit(signature.getReturnType(), `${path}()`);
      }
      for (const property of type.getProperties()) {
        const propertyFrom = isForbidden(property.declarations);
        if (propertyFrom) {
          leaks.push({ path: `${path}.${property.name}`, file: shortName(propertyFrom) });
          continue;
        }
        visit(checker.getTypeOfSymbol(property), `${path}.${property.name}`);
      }
      const index = checker.getIndexInfosOfType(type);
      for (const info of index) visit(info.type, `${path}[]`);
    }
  };
  visit(checker.getDeclaredTypeOfSymbol(exported), interfaceName);
  return leaks;
}
