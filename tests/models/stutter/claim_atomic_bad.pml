/* The process blocks inside an atomic sequence. */
byte x;
active proctype P() { atomic { x = 1; false } }
never { x == 0; x == 1; x == 1; x == 1 }
