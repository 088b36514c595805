; 10 balls from room west to room east
(define (problem gripper-10)
  (:domain gripper)
  (:objects west east - room left right - hand
    b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 - ball)
  (:init (robot-at west) (empty left) (empty right)
    (ball-at b1 west) (ball-at b2 west) (ball-at b3 west) (ball-at b4 west) (ball-at b5 west) (ball-at b6 west) (ball-at b7 west) (ball-at b8 west) (ball-at b9 west) (ball-at b10 west))
  (:goal (and (ball-at b1 east) (ball-at b2 east) (ball-at b3 east) (ball-at b4 east) (ball-at b5 east) (ball-at b6 east) (ball-at b7 east) (ball-at b8 east) (ball-at b9 east) (ball-at b10 east))))
