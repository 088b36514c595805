/* With a never claim SPIN's DFS lets the claim move alone where no
 * process can move (the stutter extension): here P blocks after x = 1 and
 * the claim reaches its end by itself ("end state in claim reached"). */
byte x;
active proctype P() { x = 1; false }
never { x == 0; x == 1; x == 1; x == 1 }
