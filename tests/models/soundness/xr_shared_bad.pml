/* Process A declares itself the only receiver of c (xr), but B receives
 * from c too.  SPIN's partial-order reduction trusts the declaration:
 * with it, once Sender has sent, only A's receive is explored and B's
 * assertion is never reached.  Without the reduction B can take the
 * message and the assertion fails.  With it, pan checks the declaration
 * when B tries its receive and reports "xr assertion violated" at depth
 * 0, as SPIN's depth-first pan does: the trail has no assertion to show.
 */
// replay: steps
chan c = [1] of { bit };

active proctype Sender() { c!1 }

active proctype B() { end: c?1 -> assert(false) }

active proctype A() { xr c; c?1 }
