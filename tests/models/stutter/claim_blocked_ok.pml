/* Stutter steps cannot make x == 2 true: no violation. */
byte x;
active proctype P() { x = 1; false }
never { x == 0; x == 1; x == 2 }
