/* gobackn_bug.pml -- a go-back-N sliding window protocol, with a bug.
 *
 * A sender transmits MSGS messages (payload = message number) to a
 * receiver over a lossy data channel; the receiver acknowledges over a
 * lossy ack channel.  Sequence numbers are taken modulo M.  The sender
 * keeps up to W unacknowledged messages in flight; acks are cumulative
 * (the receiver sends the sequence number it expects next), and when
 * nothing else can happen (SPIN's `timeout`) the sender goes back and
 * retransmits the whole window.  Losses happen at send time: either
 * side may drop a message instead of sending it.
 *
 * Go-back-N is correct only if W < M.  Injected bug: W = M.  When a full
 * window arrives but all its acks are lost, the sender retransmits the
 * oldest message, whose sequence number equals the one the receiver now
 * expects (M messages later), and the receiver accepts an old payload as
 * new.  The receiver's assertion (payload == number of messages
 * delivered so far) fails.
 *
 * Expected verdict: violation (assertion in the receiver).
 * Compile-time knobs (spin -D...): M, W, CAP, MSGS; -DW=M-1 (e.g. -DM=4 -DW=3)
 * gives a correct protocol (a window one smaller than M).
 *
 * Written for spin-dmc.
 */
#ifndef M
#define M    10         /* sequence numbers 0 .. M-1 */
#endif
#ifndef W
#define W    M          /* BUG: the window must be smaller than M */
#endif
#ifndef CAP
#define CAP  4          /* capacity of each channel */
#endif
#ifndef MSGS
#define MSGS 12         /* messages to deliver */
#endif

chan data = [CAP] of { byte, byte };   /* seq, payload */
chan ack  = [CAP] of { byte };         /* next expected seq */
byte got = 0;           /* messages the receiver has delivered, in order
                         * (global, so that the assertion reads shared
                         * state and stays a statement of its own) */

active proctype sender()
{
	byte base = 0;          /* oldest unacknowledged message */
	byte next = 0;          /* next message to (re)transmit */
	byte a;
	do
	:: base == MSGS -> break                        /* all acknowledged */
	:: next < base + W && next < MSGS ->            /* window open */
		if
		:: data ! (next % M), next
		:: skip                                     /* lost */
		fi;
		next++
	:: ack ? a ->                                   /* cumulative ack */
		do
		:: base < next && base % M != a -> base++
		:: else -> break
		od
	:: timeout -> next = base                       /* go back N */
	od
}

active proctype receiver()
{
	byte seq, payload;
end:	do
	:: data ? seq, payload ->
		if
		:: seq == got % M ->                        /* the expected one */
			assert(payload == got);                 /* fails with W = M */
			got++
		:: else -> skip                             /* out of order: drop */
		fi;
		if
		:: ack ! got % M
		:: skip                                     /* ack lost */
		fi
	od
}
