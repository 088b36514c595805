; 4 balls from room west to room east
(define (problem gripper-4)
  (:domain gripper)
  (:objects west east - room left right - hand
    b1 b2 b3 b4 - ball)
  (:init (robot-at west) (empty left) (empty right)
    (ball-at b1 west) (ball-at b2 west) (ball-at b3 west) (ball-at b4 west))
  (:goal (and (ball-at b1 east) (ball-at b2 east) (ball-at b3 east) (ball-at b4 east))))
