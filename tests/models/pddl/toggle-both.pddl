(define (problem toggle-both) (:domain toggle) (:init) (:goal (and (p) (q))))
