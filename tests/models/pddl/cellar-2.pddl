; Two fuses, two matches: one match burns 8 units, a mending takes 5 and
; only one hand is free, so the second fuse needs the second match, lit
; after the first burnt out (its end deletes the light).  The least
; makespan, a tick (0.001) between happenings that follow one another:
; match1 0 [8], fuse1 0.001 [5], match2 8.001 [8], fuse2 8.002 [5]:
; 16.001.  The metric, the makespan, is accepted (--optimal makespan
; minimises it).
(define (problem cellar-2)
  (:domain cellar)
  (:objects m1 m2 - match f1 f2 - fuse)
  (:init (handfree) (unused m1) (unused m2))
  (:goal (and (mended f1) (mended f2)))
  (:metric minimize (total-time)))
