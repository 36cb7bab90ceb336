import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The Spanish people read (issue 23 point 16): one voice (tú, never vosotros nor usted), money as
 * "1.150 €" and "1.150 €/mes", no typos of the kinds found so far. The walk reads every source file of
 * the three workspaces from disk (each feature's `texts.ts` and `*-texts.ts`, the domain's error texts and
 * master labels, the public pages' JSX, the default SMS text…), so a new file joins by itself; of each
 * file it takes the string literals, the static pieces of template literals and the JSX text that read as
 * Spanish. Texts rendered from templates (a title or a reason put into a sentence) are checked by the
 * API's notice test (apps/api/src/platform/notice-texts.test.ts).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sourceDirs = ['apps/web/src', 'apps/api/src', 'packages/domain/src'];

/** Files that are not read by people as Spanish prose, and why; each must exist. */
const notProse: Record<string, string> = {
  // The articles of the co-official languages that INE names start with ("os", "els", "sa"…).
  'packages/domain/src/ine.ts': 'listas de artículos de los topónimos',
};

/** Code for tests only: what it holds is never shown to a user. */
const isTestCode = (relative: string) =>
  /\.test\.tsx?$/.test(relative) ||
  /(^|\/)test-(data|support)\.tsx?$/.test(relative) ||
  /-test-support\.tsx?$/.test(relative) ||
  /\/src\/test\//.test(relative);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const relativeFiles = sourceDirs
  .flatMap((dir) => sourceFiles(path.join(root, dir)))
  .map((file) => path.relative(root, file).split(path.sep).join('/'))
  .filter((relative) => !isTestCode(relative))
  .sort();

interface Piece {
  file: string;
  line: number;
  text: string;
  /** The piece comes right after a `${…}` of a template literal, or a `{…}` in JSX. */
  afterExpression: boolean;
}

/** A JSX text right after a `{…}`: "{amount}€". */
function followsJsxExpression(node: ts.JsxText): boolean {
  const parent = node.parent;
  const siblings = ts.isJsxElement(parent) || ts.isJsxFragment(parent) ? parent.children : undefined;
  const previous = siblings?.[siblings.indexOf(node) - 1];
  return previous !== undefined && ts.isJsxExpression(previous);
}

/** Every literal text of a file: strings, template pieces, JSX text (module specifiers left out). */
function pieces(relative: string): Piece[] {
  const source = fs.readFileSync(path.join(root, relative), 'utf8');
  const kind = relative.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(relative, source, ts.ScriptTarget.Latest, true, kind);
  const out: Piece[] = [];
  const visit = (node: ts.Node): void => {
    const parent = node.parent as ts.Node | undefined;
    const moduleName =
      parent !== undefined &&
      (ts.isImportDeclaration(parent) ||
        ts.isExportDeclaration(parent) ||
        ts.isExternalModuleReference(parent));
    if (
      ((ts.isStringLiteral(node) && !moduleName) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        ts.isJsxText(node)) &&
      node.text.trim() !== ''
    ) {
      out.push({
        file: relative,
        line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: node.text,
        afterExpression:
          ts.isTemplateMiddle(node) ||
          ts.isTemplateTail(node) ||
          (ts.isJsxText(node) && followsJsxExpression(node)),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const words = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];
const spanishWords = new Set(
  'el la los las del que para con tu tus una por es y se te al de en su sus lo le ya has hay no'.split(' '),
);
const englishWords = new Set(
  'the and of to is are be it its this that when with for if or an as on at by from which not no'.split(' '),
);

/** Reads as Spanish: accents or Spanish marks, or more Spanish small words than English ones. */
function isSpanish(text: string): boolean {
  const all = words(text);
  if (all.length < 2) return false;
  const spanish = all.filter((w) => spanishWords.has(w)).length;
  const english = all.filter((w) => englishWords.has(w)).length;
  if (/[áéíóúñ¿¡]/i.test(text)) return english <= spanish;
  return spanish > english;
}

/** Nouns and names that end like a vosotros imperative in -ad or -id. */
const notImperatives =
  /^(\p{L}*dad|(mi|liber|volun|facul|dificul|leal|potes|majes|tempes|amis|enemis|puber)tad|madrid|valladolid|david|lid|vid|id|ad|pid|sid|uuid|void)$/u;

/** A word in the vosotros form: "podéis", "vuestro", "os", "completad", "enviadlo", "tened". */
function isVosotros(word: string): boolean {
  if (/^(vuestr[oa]s?|os|sois|guardad|mandad|ayudad|cuidad|\p{L}+(áis|éis))$/u.test(word)) return true;
  // Imperatives: with a pronoun ("enviadlo", "leedlo"), or bare in -ad and -id ("completad", "subid");
  // bare ones in -ed are left to the list, as English words end so too ("completed").
  if (/^\p{L}+[aei]d(lo|la|los|las|le|les|me|nos)$/u.test(word)) return true;
  if (/^(tened|haced|poned|leed|ved|sabed|creed|vended|responded|aprended|comed|bebed)$/u.test(word))
    return true;
  return /^\p{L}+[ai]d$/u.test(word) && !notImperatives.test(word);
}

/** The words of a text as people read them: not identifiers, constants or tags ("SEED_DEMO", "X-Forwarded-For"). */
const proseWords = (text: string) =>
  text
    .split(/[\s«»"“”()¿?¡!,;:]+/u)
    .filter((token) => /^\p{L}\p{Ll}*\.?$/u.test(token))
    .map((token) => token.replace(/\.$/, '').toLowerCase());

interface Check {
  name: string;
  find: (piece: Piece) => string | null;
  /** Checked in every piece, Spanish or not (a glued "€" is wrong in any text). */
  everywhere?: boolean;
}

const match = (re: RegExp) => (piece: Piece) => re.exec(piece.text)?.[0] ?? null;

/** The kinds of mistake found in our texts so far (add the next kind here, with its example). */
const checks: Check[] = [
  { name: 'dos espacios seguidos', find: match(/\S {2,}\S/) },
  // "el inmueble.." (not an ellipsis "…", "...", nor a path "../").
  { name: 'punto doble', find: match(/(?<!\.)\.\.(?![./])/) },
  // "1.150€": the amount and the sign go apart, "1.150 €", "1.150 €/mes".
  {
    name: 'falta el espacio antes de €',
    find: (piece) =>
      piece.afterExpression && piece.text.startsWith('€') ? '}€' : match(/[^\s(«"'€]€/)(piece),
    everywhere: true,
  },
  { name: 'espacio antes de una coma o un punto', find: match(/\S[ \t]+[,;.](?!\.\.)(?=\s|$)/) },
  // Tú, never vosotros: "completa … y enviadlo", "podéis", "vuestro", "os".
  {
    name: 'vosotros (háblale de tú)',
    find: (piece) => {
      return proseWords(piece.text).find(isVosotros) ?? null;
    },
  },
  { name: 'usted (háblale de tú)', find: match(/(?<!\p{L})ustedes?(?!\p{L})/iu) },
  // Misspellings found by reading (and by a Spanish spell checker over every text).
  { name: 'errata', find: match(/anucio|inmuble|imueble|contarto|propietaro|validación (el|la)(?!\p{L})/iu) },
];

/** A feature's texts file: everything in it is for people to read. */
const isTextsFile = (relative: string) => /(^|\/|-)texts\.ts$/.test(relative);

const allPieces = relativeFiles.filter((relative) => !notProse[relative]).flatMap(pieces);
const spanishPieces = allPieces.filter((piece) => isTextsFile(piece.file) || isSpanish(piece.text));

describe('the Spanish texts in every source file', () => {
  it('walks every texts file, the domain’s error texts and the other files people read', () => {
    const withSpanish = new Set(spanishPieces.map((piece) => piece.file));
    const textsFiles = relativeFiles.filter(isTextsFile);
    expect(textsFiles.length).toBeGreaterThan(30);
    for (const file of textsFiles) expect(withSpanish, file).toContain(file);
    for (const file of [
      'packages/domain/src/errors.ts',
      'packages/domain/src/masters/property.ts',
      'apps/api/src/modules/authentication/otp-rules.ts',
      'apps/web/src/features/public/pages/owners-page.tsx',
    ])
      expect(withSpanish, file).toContain(file);
    for (const excluded of Object.keys(notProse)) expect(relativeFiles).toContain(excluded);
  });

  it.each(checks.map((check) => [check.name, check] as const))('has no «%s»', (_name, check) => {
    const found = (check.everywhere ? allPieces : spanishPieces).flatMap((piece) => {
      const hit = check.find(piece);
      return hit === null
        ? []
        : [`${piece.file}:${piece.line}: «${hit}» en «${piece.text.trim().slice(0, 120)}»`];
    });
    expect(found).toEqual([]);
  });

  it('catches each kind of mistake it names', () => {
    const sample = (text: string, afterExpression = false): Piece => ({
      file: 'x',
      line: 1,
      text,
      afterExpression,
    });
    const caught = (text: string, afterExpression = false) =>
      checks.filter((check) => check.find(sample(text, afterExpression)) !== null).map((check) => check.name);
    expect(caught('Se ha validado el anucio correctamente.')).toEqual(['errata']);
    expect(caught('Se ha rechazado la validación el inmueble.')).toEqual(['errata']);
    expect(caught('Completa los datos del contrato y enviadlo a firma.')).toEqual([
      'vosotros (háblale de tú)',
    ]);
    expect(caught('Podéis firmar cuando queráis.')).toEqual(['vosotros (háblale de tú)']);
    expect(caught('Revisa vuestros datos.')).toEqual(['vosotros (háblale de tú)']);
    expect(caught('Completad el perfil.')).toEqual(['vosotros (háblale de tú)']);
    expect(caught('Oferta: 1.150€')).toEqual(['falta el espacio antes de €']);
    expect(caught('€/mes', true)).toEqual(['falta el espacio antes de €']);
    expect(caught('Motivo: fotos del inmueble..')).toEqual(['punto doble']);
    expect(caught('Tu  oferta')).toEqual(['dos espacios seguidos']);
    expect(caught('Tu oferta , enviada')).toEqual(['espacio antes de una coma o un punto']);
    expect(caught('Oferta de 1.150 €/mes en la ciudad de Madrid, con total privacidad. Cargando...')).toEqual(
      [],
    );
  });
});
