// The expected Viper errors symdap misses on purpose or harmlessly, each audited (docs/viper.md,
// "Missed expected errors, audited"): a file that misses an expected error not listed here is
// `missed`, and `npm run conformance -- --check` fails on it, so a new miss never hides among the
// wrong files. kind: a = symdap ends the path at an earlier failure that Viper goes past (checked
// by framing the earlier failure in a scratch copy: the later error is then reported); b = Viper's
// incompleteness (the assertion holds in every run); line = the same failure reported on another
// line of the same construct; id = the same failure at the same place with another id; option =
// the error needs a backend option Viper's suite passes for that folder; c = a real miss, fixed
// in another way than Viper's (why says how).
'use strict';

module.exports = [
  {
    file: 'all/issues/carbon/0378.vpr',
    error: 'exhale.failed:qp.not.injective@10',
    kind: 'id',
    why: "as 0391: the exhale fails; symdap reports its insufficient permission (the file's other expected id, Carbon's) and ends the path before the injectivity check Silicon reports",
  },
  {
    file: 'all/issues/carbon/0378.vpr',
    error: 'exhale.failed:qp.not.injective@36',
    kind: 'id',
    why: 'as @10: the exhale over loc(a, i) fails, reported as insufficient permission',
  },
  {
    file: 'all/issues/carbon/0391.vpr',
    error: 'exhale.failed:qp.not.injective@11',
    kind: 'id',
    why: "the exhale of p() for every i fails: symdap reports its insufficient permission (Carbon's error) and ends the path there, before the injectivity check Silicon reports",
  },
  {
    file: 'all/issues/silicon/0282.vpr',
    error: 'assert.failed:insufficient.permission@35',
    kind: 'b',
    why: 'at2(i, xs) and at1(xs, i) are both xs[i] by their bodies: the permission inhaled through at1 is held at every at2 (test02b proves it with a hint; Silicon: a trigger problem)',
  },
  {
    file: 'all/issues/silicon/0282.vpr',
    error: 'assert.failed:assertion.false@59',
    kind: 'b',
    why: 'acc(at1(xs, k).f) is held for 0 <= k < |xs|, so at1(xs, k) != null (Silicon: the trigger at2 is never met)',
  },
  {
    file: 'all/asserting/trigger.vpr',
    error: 'assert.failed:assertion.false@21',
    kind: 'b',
    why:
      'requires |s| > 0 and forall i :: {trigger(i)} 0 <= i < |s| ==> s[i] > 0: s[0] > 0 holds (i := 0); ' +
      'Silicon needs the term trigger(0), symdap drops a trigger that is not a term of the body',
  },
  {
    file: 'all/basic/many_conjuncts.vpr',
    error: 'postcondition.violated:assertion.false@96',
    kind: 'line',
    why: 'reported at line 110, the conjunct `false` that fails; Viper names the first line of the ensures',
  },
  {
    file: 'all/basic/quantifiers.vpr',
    error: 'assert.failed:assertion.false@121',
    kind: 'b',
    why: 'j2 := v2 is a witness of the exists for every v2 in 0..2: the assertion holds (Silicon: a trigger problem)',
  },
  {
    file: 'all/basic/quantifiers.vpr',
    error: 'assert.failed:assertion.false@155',
    kind: 'b',
    why: 'j2 := 1 is a witness: the assertion holds (Silicon: a trigger problem)',
  },
  {
    file: 'all/issues/silver/0444.vpr',
    error: 'unfold.failed:insufficient.permission@26',
    kind: 'a',
    why:
      'after unfold.failed:permission.not.positive on the same unfold (p may be none); with p > none assumed ' +
      'the unfold reports insufficient.permission; Silicon misses it too (MissingOutput, Silicon issue 34)',
  },
  {
    file: 'all/basic/while.vpr',
    error: 'invariant.not.established:assertion.false@140',
    kind: 'a',
    why: 'after not.wellformed on the same invariant (r.f unframed); Silicon misses it too (MissingOutput)',
  },
  {
    file: 'all/functions/functions.vpr',
    error: 'application.precondition:insufficient.permission@52',
    kind: 'line',
    why:
      "reported at line 50 (err2's requires, as not.wellformed, naming err1's acc(x.h.f)); with acc(x.h) held, " +
      'symdap reports application.precondition at err1(x)',
  },
  {
    file: 'all/issues/carbon/0063-1.vpr',
    error: 'postcondition.violated:assertion.false@35',
    kind: 'a',
    why:
      'reported there as not.wellformed and postcondition.violated:insufficient.permission (this.x unframed); ' +
      'with acc(this.x) in both contracts assertion.false is reported; Silicon misses it too',
  },
  {
    file: 'all/issues/carbon/0069.vpr',
    error: 'postcondition.violated:assertion.false@12',
    kind: 'a',
    why: 'after not.wellformed (this.x unframed); with acc(this.x) required it is reported; Silicon misses it too',
  },
  {
    file: 'all/issues/carbon/0069.vpr',
    error: 'postcondition.violated:assertion.false@22',
    kind: 'a',
    why: 'after not.wellformed (this.x unframed); with acc(this.x) in both contracts it is reported',
  },
  {
    file: 'all/issues/silicon/0042.vpr',
    error: 'assert.failed:assertion.false@27',
    kind: 'b',
    why: 'an instance of valid(list) holds its body, acc(list.next): list != null in every run (Silicon does not unfold)',
  },
  {
    file: 'all/issues/silicon/0162.vpr',
    error: 'postcondition.violated:assertion.false@12',
    kind: 'a',
    why: 'after not.wellformed (this.x unframed); with acc(this.x) required it is reported; Silicon misses it too',
  },
  {
    file: 'all/issues/silicon/0162.vpr',
    error: 'postcondition.violated:assertion.false@23',
    kind: 'a',
    why: 'after not.wellformed (this.x unframed); with acc(this.x) required it is reported; Silicon misses it too',
  },
  {
    file: 'all/issues/silicon/0376.vpr',
    error: 'postcondition.violated:assertion.false@27',
    kind: 'c',
    why:
      "foo requires acc(x.f) && acc(x.f): Viper's functions assume no upper bound, so it is satisfiable and ensures " +
      'false fails; symdap checks the postcondition with the bound (the requires is infeasible) and now checks at ' +
      'each application the bounds it assumed (together at most write of one location), so no run reaches it',
  },
  {
    file: 'all/issues/silicon/0336b.vpr',
    error: 'assert.failed:assertion.false@24',
    kind: 'line',
    why: 'reported at line 22, the assert statement; Viper names the line its expression (the let) starts on',
  },
  {
    file: 'all/issues/silicon/0385.vpr',
    error: 'assert.failed:assertion.false@57',
    kind: 'line',
    why: 'reported at line 55, the assert statement; Viper names the line its expression starts on',
  },
  {
    file: 'all/issues/silicon/0903.vpr',
    error: 'postcondition.violated:assertion.false@23',
    kind: 'a',
    why:
      "the method's path ends at recurse(x, 0), failing with the function's well-formedness (a false alarm on the " +
      'wildcard recursion); with 1/2 for wildcard the method goes on and line 23 is reported',
  },
  {
    file: 'all/issues/silver/0003.vpr',
    error: 'invariant.not.established:assertion.false@15',
    kind: 'a',
    why: 'after not.wellformed on the same invariant (r.f unframed); Silicon misses it too (MissingOutput)',
  },
  {
    file: 'all/issues/silver/0092.vpr',
    error: 'assert.failed:insufficient.permission@11',
    kind: 'b',
    why: '`assert false` reads no location; MissingOutput(…, /silver/issue/000/) marks it missing for every backend',
  },
  {
    file: 'all/permissions/various.vpr',
    error: 'call.precondition:insufficient.permission@37',
    kind: 'id',
    why: 'reported as call.failed:insufficient.permission at the same call (t2 requires acc(r.f, p), p symbolic)',
  },
  {
    file: 'all/predicates/receiverless.vpr',
    error: 'assert.failed:assertion.false@12',
    kind: 'b',
    why: "valid(false)'s body is false: no run holds the instance t1 requires (Silicon does not unfold)",
  },
  {
    file: 'oldpermsemantics/call_semantics.vpr',
    error: 'application.precondition:insufficient.permission@27',
    kind: 'option',
    why:
      "Viper's suite runs oldpermsemantics/ with --respectFunctionPrePermAmounts; by default (symdap's) a " +
      "function's requires needs some positive amount, which acc(y.f, 1/2) is",
  },
  {
    file: 'oldpermsemantics/function_semantics.vpr',
    error: 'application.precondition:insufficient.permission@33',
    kind: 'option',
    why: 'as call_semantics.vpr@27: takesFull(x) with acc(x.f, 1/2) is fine without --respectFunctionPrePermAmounts',
  },
  {
    file: 'all/issues/silicon/0370.vpr',
    error: 'exhale.failed:assertion.false@43',
    kind: 'line',
    why: 'reported at line 41, the exhale statement; Viper names the line its quantifier starts on',
  },
  {
    file: 'all/issues/silver/0159.vpr',
    error: 'assert.failed:qp.not.injective@11',
    kind: 'id',
    why:
      'the same assert fails, reported as insufficient.permission (what is held is checked before injectivity: ' +
      'acc(e.x) for i in 1..3 asks three times for one location); Silicon reports only the injectivity',
  },
  {
    file: 'all/issues/silver/0239-3.vpr',
    error: 'assert.failed:insufficient.permission@23',
    kind: 'a',
    why: 'the assert already fails at seq.index.length (array[i] out of range), which symdap reports; Silicon misses this one too (MissingOutput)',
  },
  {
    file: 'all/issues/silver/0239-3.vpr',
    error: 'assert.failed:qp.not.injective@23',
    kind: 'a',
    why: 'as above: the path ends at the seq.index.length failure of the same assert; Silicon misses it too (MissingOutput)',
  },
  {
    file: 'all/issues/silicon/0083.vpr',
    error: 'assert.failed:seq.index.length@21',
    kind: 'a',
    why: 'the path ends at the not.wellformed failure of the requires at 17, reported; framed (i < |xs| added there) it is reported; Silicon misses it too (MissingOutput)',
  },
  {
    file: 'all/issues/silicon/0083.vpr',
    error: 'assignment.failed:seq.index.length@39',
    kind: 'a',
    why: 'the path ends at seq.index.negative of the same index, reported; framed (assume 0 <= i before it) it is reported; Silicon misses it too (MissingOutput)',
  },
  {
    file: 'quantifiedpermissions/issues/issue_0080.vpr',
    error: 'not.wellformed:seq.index.length@12',
    kind: 'a',
    why: 'the path ends at seq.index.negative of the same index xs[a*x+b], reported; framed (requires 0 <= a && 0 <= b before it) it is reported; Silicon misses it too (MissingOutput)',
  },
  {
    file: 'quantifiedpermissions/sequences/seqsingleelements.vpr',
    error: 'postcondition.violated:assertion.false@39',
    kind: 'a',
    why: "the path ends at the exhales' seq.index false alarms at 41 and 43 (reported); framed (lines 41-44 removed) it is reported",
  },
  {
    file: 'quantifiedpermissions/misc/triggers_field_deref.vpr',
    error: 'assert.failed:assertion.false@27',
    kind: 'b',
    why: 'the forall over z == x || z == y gives fun02(x.g) > 0 at z = x: it holds in every run (Silicon: the trigger {z.f} is not met)',
  },
  {
    file: 'quantifiedpermissions/misc/triggers_field_deref.vpr',
    error: 'assert.failed:assertion.false@93',
    kind: 'b',
    why: 'the forall gives inv(x.f), that is x.f == 0, at z = x: it holds in every run (Silicon: the trigger {inv(z.f)} is not met)',
  },
  {
    file: 'quantifiedpermissions/misc/triggers_field_deref.vpr',
    error: 'assert.failed:assertion.false@139',
    kind: 'b',
    why: 'the forall gives y.g > 0 at z = y: it holds in every run (Silicon: the trigger {z.f, z.g} is not met)',
  },
];
