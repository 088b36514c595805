/* mtype_light_bad.pml -- mtype symbolic constants.
 * Two traffic lights for crossing roads cycle red -> green -> yellow ->
 * red.  A light turns green only when the other one is red, but the check
 * and the switch are separate steps, so both can turn green together.
 * Expected verdict: violation (assertion: never both green).
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 1 (17 states stored, trail 5 steps),
 *   DFS errors: 1 (17 states stored, trail 6 steps).
 */
mtype = { red, yellow, green };

mtype light[2] = red;

active [2] proctype controller()
{
	byte other = 1 - _pid;
	do
	:: light[_pid] == red && light[other] == red ->
		light[_pid] = green;                /* not atomic with the test */
		assert(light[other] != green);
		light[_pid] = yellow;
		light[_pid] = red
	od
}
