/* abp_lossy_bad.pml -- written for spin-dmc's guidance corpus.
 * The alternating bit protocol over a data channel that may lose or
 * duplicate messages and an ack channel that may lose them; the sender
 * retransmits on timeout.  Injected bug: the receiver acknowledges the
 * right bit but delivers every message it receives without comparing
 * the bit with the one it expects, so a duplicate is delivered twice.
 * Violation: assertion (messages delivered in order, each once). */
#define MSGS 4

chan s2c = [2] of { byte, bit };	/* sender to channel */
chan c2r = [2] of { byte, bit };	/* channel to receiver */
chan r2s = [2] of { bit };		/* acks, lossy */

proctype Sender()
{
	byte n = 0;
	bit b = 0, a;
	do
	:: n < MSGS ->
		s2c!n, b;
		do
		:: r2s?a ->
			if
			:: a == b -> b = 1 - b; n++; break
			:: else
			fi
		:: timeout -> s2c!n, b
		od
	:: else -> break
	od
}

proctype Medium()
{
	byte m; bit b;
end:	do
	:: s2c?m, b ->
		if
		:: c2r!m, b		/* pass on */
		:: skip			/* lose */
		:: c2r!m, b; c2r!m, b	/* duplicate */
		fi
	od
}

proctype Receiver()
{
	byte m, expect = 0;
	bit b;
end:	do
	:: c2r?m, b ->
		/* bug: should deliver only when b is the expected bit */
		assert(m == expect);
		expect++;
		if
		:: r2s!b
		:: skip		/* the ack is lost */
		fi
	od
}

init { atomic { run Sender(); run Medium(); run Receiver() } }
