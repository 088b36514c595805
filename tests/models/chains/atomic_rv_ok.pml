/* Rendezvous handshakes inside atomic sequences, every offer taken:
 * no error (tests/e2e/chains.sh). */
chan c = [0] of { byte };
byte got;
active proctype S() {
	byte i;
	do
	:: i < 4 -> atomic { c!i; i++ }
	:: i == 4 -> break
	od
}
active proctype R() {
	byte v;
end:	do
	:: atomic { c?v -> got = got + v; assert(got <= 6) }
	od
}
