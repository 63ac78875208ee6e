// Hand-written programs for the property test, covering what the random generator does not
// produce: calls and recursion, `return`, havocs in loops (`x@L#n` inputs), array inputs with
// variable indices and element havocs, globals changed by callees, signed/unsigned division,
// shifts and casts. Each is explored in explore mode and run on random inputs.

export interface PropertyProgram {
  readonly name: string;
  readonly source: string;
  readonly loopBound: number;
}

export const PROPERTY_PROGRAMS: readonly PropertyProgram[] = [
  {
    name: 'recursion and return',
    loopBound: 4,
    source: `proc fib(n: int) returns (r: int) {
  if (n <= 1) { return n; }
  var a: int := fib(n - 1);
  var b: int := fib(n - 2);
  r := a + b;
}
proc main(n: int, d: int) returns (out: int) {
  assume n <= 5;
  out := fib(n);
  var q: int := 100 / (d - out);
  out := out + q % 7;
}
`,
  },
  {
    name: 'havocs in a loop over an array input',
    loopBound: 5,
    source: `proc main(a: i8[], k: int) {
  var i: int := 0;
  var s: i8 := 0;
  while (i < a.length) {
    var x: i8 := *;
    if (x > a[i]) { s := s + x; } else { s := s - a[i]; }
    i := i + 1;
  }
  a[k] := *;
  assert s != 17;
  var t: i8 := a[k] / s;
}
`,
  },
  {
    name: 'globals changed by a callee, results stored in array elements',
    loopBound: 4,
    source: `var g: int;
var h: u8 := 250;
proc bump(x: int) returns (r: int)
  requires x > -100
  ensures r > x
{
  g := g + 1;
  h := h + 3;
  r := x + 1;
}
proc main(x: int, j: int) returns (arr: int[]) {
  arr := [0, 0, 0];
  arr[j] := bump(x);
  if (g > 3) {
    arr[0] := *;
  } else if (h < 10) {
    arr[1] := bump(arr[2] - 1);
  }
  // The index reads g before bump changes it (indices are evaluated before the right-hand side).
  arr[g] := bump(g);
  assert arr[0] != g;
}
`,
  },
  {
    name: 'bit-vector division, shifts and casts',
    loopBound: 4,
    source: `proc main(a: i16, b: u8, c: i64) returns (r: i64) {
  var x: i16 := a / (b as i16);
  var y: u8 := b >> 3;
  if ((x as i64) * c > 1000) {
    r := c % (a as i64);
  } else {
    r := -(c >> 2);
  }
  var z: i8 := (a as i8) % -1;
  var w: u16 := (a as u16) / 7;
  assert r != 0 || y == 0 || w > 1000;
}
`,
  },
  {
    name: 'a loop that returns early, nested calls with contracts',
    loopBound: 6,
    source: `proc find(a: int[], v: int) returns (idx: int)
  ensures idx >= -1 && idx < a.length
{
  var i: int := 0;
  idx := -1;
  while (i < a.length) {
    if (a[i] == v) { idx := i; return; }
    i := i + 1;
  }
}
proc main(a: int[], v: int) returns (found: bool) {
  var i: int := find(a, v);
  found := i >= 0;
  if (found) {
    assert a[i] == v;
    var next: int := find(a, v + 1);
    assert next != i;
  }
}
`,
  },
  {
    name: 'short-circuit guards of runtime errors, old() and a wrong invariant',
    loopBound: 5,
    source: `proc step(x: int, d: int) returns (r: int)
  requires d != 0 || x > 0
  ensures r >= old(x) - 10
{
  r := x;
  if (d != 0 && 10 / d > 1) { r := r + 10 / d; }
  r := (d == 0) ? r : r - (x % d) / 2;
  var ok: bool := d == 0 || (x / d) * d + x % d == x;
  assert ok;
  var a: int[] := [1, 2, 3];
  var k: int := x % 4;
  if (k >= 0 ==> a[k] > 0) { r := r + 1; }
}
proc main(x: int, d: int, n: u8) returns (y: int) {
  y := step(x, d);
  var i: u8 := 0;
  while (i < n)
    invariant i <= 3
  {
    y := y + (i as int);
    i := i + 1;
  }
}
`,
  },
];
