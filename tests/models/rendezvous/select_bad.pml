/* P selects among two channels, neither has a receiver ready once Q is
 * done: blocked (SPIN's DFS: invalid end state). */
chan c = [0] of { byte };
chan d = [0] of { byte };
active proctype P() {
	do
	:: c!1
	:: d!2
	od
}
active proctype Q() { c?1; d?2 }
