/** Seed spec section 2: "The app mounts into one root element; if it is missing, start-up fails." */
export const ROOT_ELEMENT_ID = 'root';
export const MISSING_ROOT_MESSAGE = `起動できません: index.html に id="${ROOT_ELEMENT_ID}" の要素がありません。`;

export function findRootElement(doc: Document = document): HTMLElement {
  const element = doc.getElementById(ROOT_ELEMENT_ID);
  if (!element) throw new Error(MISSING_ROOT_MESSAGE);
  return element;
}
