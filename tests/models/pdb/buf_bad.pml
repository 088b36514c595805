/* buf_bad.pml -- a buffered channel: the producer sends 1, 2, 3, ...
 * into a channel of capacity 2, the consumer takes them; the error needs
 * the channel full while the producer's counter is 5.  Expected
 * verdict: violation.
 */
chan q = [2] of { byte };
byte sent;

active proctype P() { do :: sent < 5 -> sent++; q!sent od }
active proctype C() { byte v; do :: q?v od }
active proctype W() { len(q) == 2 && sent == 5 -> assert(false) }
