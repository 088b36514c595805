; The rover at w0 samples w1 (seen by the lander) and sends it.  The
; least makespan: drive 0 [5] with calibrate 0.001 [4] beside it (it
; ends at 4.001) and the channel opened at a tick of its own while they
; run, sample 5.001 [3] (a tick after the drive ended), send 8.002 [2]:
; 10.002.
(define (problem rover-1)
  (:domain rover)
  (:objects r1 - rover w0 w1 w2 - waypoint)
  (:init (at r1 w0) (road w0 w1) (road w1 w2) (road w1 w0) (visible w1))
  (:goal (and (sent w1) (at r1 w1))))
