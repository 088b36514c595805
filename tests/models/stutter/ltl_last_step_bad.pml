/* The property fails at the very last step of the run: the claim SPIN
 * generates for <> (x >= 2) then needs a stutter step to reach its end. */
byte x;
active proctype P() { x = 1; x = 2 }
ltl p { [] (x < 2) }
