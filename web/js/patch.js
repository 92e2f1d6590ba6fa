//! A small RFC 6902 JSON Patch (add, remove, replace, move, copy, test on RFC 6901 pointers): how
//! the client turns its held view into the next one from a `patch` frame.

/** Splits a JSON pointer into its unescaped reference tokens. */
export function parsePointer(pointer) {
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new Error(`bad JSON pointer ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function clone(v) {
  return v === undefined ? v : JSON.parse(JSON.stringify(v));
}

function arrayIndex(arr, token, forAdd) {
  if (forAdd && token === '-') return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`bad array index ${token}`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new Error(`index ${i} out of range`);
  return i;
}

/** The parent container of a pointer's target and the last token. */
function locate(doc, tokens) {
  let node = doc;
  for (let k = 0; k < tokens.length - 1; k++) {
    const t = tokens[k];
    if (Array.isArray(node)) node = node[arrayIndex(node, t, false)];
    else if (node !== null && typeof node === 'object' && Object.hasOwn(node, t)) node = node[t];
    else throw new Error(`path not found at ${t}`);
  }
  if (node === null || typeof node !== 'object') throw new Error('path parent is not a container');
  return [node, tokens[tokens.length - 1]];
}

function get(doc, tokens) {
  let node = doc;
  for (const t of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(node, t, false)];
    else if (node !== null && typeof node === 'object' && Object.hasOwn(node, t)) node = node[t];
    else throw new Error(`path not found at ${t}`);
  }
  return node;
}

function add(doc, tokens, value) {
  if (tokens.length === 0) return value;
  const [parent, last] = locate(doc, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true), 0, value);
  else parent[last] = value;
  return doc;
}

function remove(doc, tokens) {
  if (tokens.length === 0) return null;
  const [parent, last] = locate(doc, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, false), 1);
  else if (Object.hasOwn(parent, last)) delete parent[last];
  else throw new Error(`cannot remove missing ${last}`);
  return doc;
}

function equal(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
}

/**
 * Applies `ops` to a deep copy of `doc` and returns the result; throws (leaving `doc` untouched)
 * if an operation fails, so a bad patch never half-applies.
 */
export function applyPatch(doc, ops) {
  let out = clone(doc);
  for (const op of ops) {
    const path = parsePointer(op.path);
    switch (op.op) {
      case 'add':
        out = add(out, path, clone(op.value));
        break;
      case 'remove':
        out = remove(out, path);
        break;
      case 'replace':
        if (path.length === 0) out = clone(op.value);
        else {
          get(out, path);
          const [parent, last] = locate(out, path);
          if (Array.isArray(parent)) parent[arrayIndex(parent, last, false)] = clone(op.value);
          else parent[last] = clone(op.value);
        }
        break;
      case 'move': {
        const from = parsePointer(op.from);
        const value = get(out, from);
        out = remove(out, from);
        out = add(out, path, value);
        break;
      }
      case 'copy':
        out = add(out, path, clone(get(out, parsePointer(op.from))));
        break;
      case 'test':
        if (!equal(get(out, path), op.value)) throw new Error(`test failed at ${op.path}`);
        break;
      default:
        throw new Error(`unknown patch op ${op.op}`);
    }
  }
  return out;
}

export { equal as jsonEqual };
