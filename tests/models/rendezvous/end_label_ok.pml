/* Blocked on offers nobody takes, but every process is at an end label:
 * a valid end state. */
chan c = [0] of { byte };
chan d = [0] of { byte };
active proctype P() { end: c!0 }
active proctype Q() { end: if :: d!1 :: c!2 fi }
