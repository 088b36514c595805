/* Every offer is taken; both end: no violation. */
chan c = [0] of { byte };
active proctype P() { byte i; for (i : 1 .. 5) { c!i } }
active proctype Q() { byte v; do :: c?v -> assert(v > 0 && v < 6) :: timeout -> break od }
