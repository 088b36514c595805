; Two towers of four reversed into one tower of eight.
(define (problem blocks-8)
  (:domain blocks)
  (:objects a b c d e f g h - block)
  (:init (arm-empty)
         (on-table a) (on b a) (on c b) (on d c) (clear d)
         (on-table e) (on f e) (on g f) (on h g) (clear h))
  (:goal (and (on a b) (on b c) (on c d) (on d e) (on e f) (on f g) (on g h))))
