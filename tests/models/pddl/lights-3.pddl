; a on turns b off: (switch-on a) (switch-on c) is a shortest plan
(define (problem lights-3) (:domain lights)
  (:objects a b c - light)
  (:init (next a b) (next b c) (on b))
  (:goal (and (on a) (on c) (not (on b)))))
