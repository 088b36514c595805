; From p0 to p3: three moves of 2.5, each a tick after the one before
; ended: 0 [2.5], 2.501 [2.5], 5.002 [2.5]; makespan 7.502.
(define (problem walk-3)
  (:domain walk)
  (:objects p0 p1 p2 p3 - place)
  (:init (at p0) (next p0 p1) (next p1 p2) (next p2 p3) (next p1 p0) (next p2 p1) (next p3 p2))
  (:goal (at p3)))
