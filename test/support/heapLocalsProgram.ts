// A program whose frame holds local arrays (of objects, u8, i8) beside objects: the heap graph's
// `locals` entry is checked against the Locals scope (test/adapter/heap-graph.test.ts) and drawn
// in Chromium (test/ui/heap-graph-svg.test.ts) from this one source.
export const LOCALS = `class Node { var val: int; }
proc main() {
  var a: Node := new Node;
  var b: Node := new Node;
  var ns: Node[] := [a, b, a];
  var bs: u8[] := [98, 255];
  var xs: i8[] := [-1, 2];
  var k: int := 4;
  assert a.val == 1;
}
`;
