/* rv_chain_ok.pml -- a rendezvous chain with a dead end: tokens pass
 * from stage to stage, each stage counting what it has seen modulo 4;
 * the error needs the last stage to see a token value no stage ever
 * sends.  Expected verdict: no violation; pdb proves it before the
 * search (the projection onto the stages' locations and the message
 * variables has no error path).
 * pan-options: -E
 */
chan c1 = [0] of { byte };
chan c2 = [0] of { byte };
chan c3 = [0] of { byte };
byte seen1, seen2, seen3;

active proctype Src() { byte v; do :: v = (v + 1) % 3; c1!v od }
active proctype S1() { byte v; do :: c1?v; seen1 = (seen1 + 1) % 4; c2!v od }
active proctype S2() { byte v; do :: c2?v; seen2 = (seen2 + 1) % 4; c3!v od }
active proctype S3() { byte v; do :: c3?v; seen3 = (seen3 + 1) % 4; assert(v != 7) od }
