/* rv_handshake_ok.pml -- rendezvous (unbuffered) channels.
 * A client sends numbered requests over a rendezvous channel; a server
 * answers each with the request number plus one on a second rendezvous
 * channel.  The client checks every reply.  Both sides loop a bounded
 * number of times and then terminate in valid end states.
 * Expected verdict: no violation.
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 0 (26 states stored),
 *   DFS errors: 0 (18 states stored).
 */
#define ROUNDS 4

chan req = [0] of { byte };      /* rendezvous: sender and receiver meet */
chan rep = [0] of { byte };

active proctype client()
{
	byte i = 0, r;
	do
	:: i < ROUNDS ->
		req ! i;
		rep ? r;
		assert(r == i + 1);      /* the server answered this request */
		i++
	:: else -> break
	od
}

active proctype server()
{
	byte n;
end:	do                       /* waiting here forever is a valid end state */
	:: req ? n -> rep ! n + 1
	od
}
