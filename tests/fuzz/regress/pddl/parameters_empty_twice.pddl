; an action whose :parameters is given twice, the first an empty list:
; refused, and the first list's allocations not lost (a leak the fuzzer found)
(define (domain twice)
  (:predicates (p))
  (:action a :parameters () :parameters () :effect (p)))
