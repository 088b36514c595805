/* A receiver waits on c while the only sender offers on d, which nobody
 * receives: blocked after the handshake on e. */
chan c = [0] of { byte };
chan d = [0] of { byte };
chan e = [0] of { byte };
active proctype R() { e?0; c?0 }
active proctype S() { e!0; d!0 }
