/* Rendezvous: the consumer takes every item; got cycles through 0, 1, 2. */
chan c = [0] of { byte };
byte got;
active proctype Producer() {
	byte i;
	do
	:: c ! i; i = (i + 1) % 3
	od
}
active proctype Consumer() {
	byte v;
	do
	:: c ? v; got = v
	od
}
ltl keeps { [] <> (got == 1) }
