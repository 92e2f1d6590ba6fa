//! Unit tests of the client's RFC 6902 implementation (web/js/patch.js), with cases from the RFC's
//! appendix A; no browser needed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch, parsePointer } from '../js/patch.js';

test('pointers unescape ~1 and ~0', () => {
  assert.deepEqual(parsePointer(''), []);
  assert.deepEqual(parsePointer('/a~1b/m~0n/0'), ['a/b', 'm~n', '0']);
  assert.throws(() => parsePointer('a'));
});

test('add, remove, replace, move, copy and test (RFC 6902 appendix A)', () => {
  assert.deepEqual(applyPatch({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }]), { foo: 'bar', baz: 'qux' });
  assert.deepEqual(applyPatch({ foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }]), { foo: ['bar', 'qux', 'baz'] });
  assert.deepEqual(applyPatch({ foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }]), { foo: ['bar', ['abc', 'def']] });
  assert.deepEqual(applyPatch({ baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }]), { foo: 'bar' });
  assert.deepEqual(applyPatch({ foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }]), { foo: ['bar', 'baz'] });
  assert.deepEqual(applyPatch({ baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }]), { baz: 'boo', foo: 'bar' });
  assert.deepEqual(
    applyPatch({ foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } }, [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }]),
    { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
  );
  assert.deepEqual(applyPatch({ foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }]), { foo: ['all', 'cows', 'eat', 'grass'] });
  assert.deepEqual(applyPatch({ a: { b: 1 } }, [{ op: 'copy', from: '/a', path: '/c' }]), { a: { b: 1 }, c: { b: 1 } });
  assert.deepEqual(applyPatch({ baz: 'qux', foo: ['a', 2, 'c'] }, [{ op: 'test', path: '/baz', value: 'qux' }, { op: 'test', path: '/foo/1', value: 2 }]), { baz: 'qux', foo: ['a', 2, 'c'] });
  assert.deepEqual(applyPatch({ '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }]), { '/': 9, '~1': 10 });
  assert.deepEqual(applyPatch({ a: 1 }, [{ op: 'replace', path: '', value: [1] }]), [1]);
});

test('a failing patch throws and leaves the document as it was', () => {
  const doc = { baz: 'qux', list: [1, 2] };
  assert.throws(() => applyPatch(doc, [{ op: 'add', path: '/x', value: 1 }, { op: 'test', path: '/baz', value: 'bar' }]));
  assert.throws(() => applyPatch(doc, [{ op: 'remove', path: '/nope' }]));
  assert.throws(() => applyPatch(doc, [{ op: 'add', path: '/missing/child', value: 1 }]));
  assert.throws(() => applyPatch(doc, [{ op: 'replace', path: '/list/5', value: 1 }]));
  assert.throws(() => applyPatch(doc, [{ op: 'add', path: '/list/01', value: 1 }]));
  assert.throws(() => applyPatch(doc, [{ op: 'frobnicate', path: '/baz' }]));
  assert.deepEqual(doc, { baz: 'qux', list: [1, 2] });
});

test('values are copied, not shared', () => {
  const value = { deep: [1] };
  const out = applyPatch({}, [{ op: 'add', path: '/v', value }]);
  value.deep.push(2);
  assert.deepEqual(out, { v: { deep: [1] } });
});
