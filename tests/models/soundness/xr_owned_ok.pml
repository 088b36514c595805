/* xr and xs used as declared: Sender is c's only sender, A its only
 * receiver.  No error with or without partial-order reduction. */
chan c = [1] of { byte };
byte got;

active proctype Sender() { xs c; c!1; c!2 }

active proctype A() { xr c; byte x; c?x; got = x; c?x; assert(x == 2 && got == 1) }
