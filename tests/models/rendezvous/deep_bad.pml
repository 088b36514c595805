/* The blocked offer comes only after 30 handshakes and a counter. */
chan c = [0] of { byte };
chan done = [0] of { byte };
byte n;
active proctype P() {
	do
	:: n < 30 -> c!n; n++
	:: n == 30 -> break
	od;
	done!1          /* nobody receives it */
}
active proctype Q() {
	byte v;
end:	do
	:: c?v
	od
}
