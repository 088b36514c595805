/* A request that may never be granted: nothing forces the server to
 * grant (no fairness), so the liveness formula fails by an acceptance
 * cycle; checked only when acceptance cycles are searched (-a). */
bool req, grant;
active proctype client() {
	do
	:: req = true
	:: req = false
	od
}
active proctype server() {
	do
	:: req -> grant = true; grant = false
	:: req -> skip
	od
}
ltl served { [] (req -> <> grant) }
