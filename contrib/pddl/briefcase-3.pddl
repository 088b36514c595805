; Papers to the office, the phone stays home, the case ends at home.
(define (problem briefcase-3)
  (:domain briefcase)
  (:objects home office park - location paper1 paper2 phone - portable)
  (:init (case-at home) (at paper1 home) (at paper2 park) (at phone home)
         (road home office) (road office home) (road home park) (road park home))
  (:goal (and (at paper1 office) (at paper2 office) (at phone home) (case-at home)
              (forall (?p - portable) (not (in ?p)))
              (or (locked) (not (locked))))))
