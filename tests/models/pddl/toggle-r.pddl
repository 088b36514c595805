; no action adds r: relaxed reachability proves there is no plan
(define (problem toggle-r) (:domain toggle) (:init) (:goal (r)))
