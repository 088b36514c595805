/* Workers that end after some noise, then a deadlock the claim needs. */
byte x, n;
active [2] proctype W() { byte i; do :: i < 3 -> i++; n++ :: i >= 3 -> break od }
active proctype P() { n == 6; x = 1; false }
never { do :: x == 0 :: x == 1 -> break od; x == 1; x == 1 }
