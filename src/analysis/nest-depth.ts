/**
 * How deep a loop nest the array dependence tests look into (issue 21).
 * Their cost grows with the depth of the nest: the exact test's systems
 * have two variables per common loop, and the direction-vector hierarchy
 * has a level per loop; a 50-deep nest took 20 s, a 500-deep one never
 * finished. Loops deeper than this are not analyzed (they stay serial, with
 * a reason); for the loops around them, the indices of the deeper loops are
 * variables that change inside one iteration, which the tests treat as
 * unknown (maybe dependent). Real codes nest 3 to 7 deep.
 */
export const MAX_NEST_DEPTH = 16;
