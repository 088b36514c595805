/* P's last move is a rendezvous offer nobody takes: blocked, the claim
 * stutters to its end. */
chan c = [0] of { byte };
byte x;
active proctype P() { x = 1; c!0 }
never { x == 0; x == 1; x == 1; x == 1 }
