; Three cities with an airport and a post office each, a truck per
; city, one airplane, six packages.
(define (problem logistics-3x6)
  (:domain logistics)
  (:objects c1 c2 c3 - city
            ap1 ap2 ap3 - airport po1 po2 po3 - location
            t1 t2 t3 - truck plane - airplane
            p1 p2 p3 p4 p5 p6 - package)
  (:init (in-city ap1 c1) (in-city po1 c1) (in-city ap2 c2) (in-city po2 c2)
         (in-city ap3 c3) (in-city po3 c3)
         (at t1 po1) (at t2 ap2) (at t3 po3) (at plane ap1)
         (at p1 po1) (at p2 po1) (at p3 ap2) (at p4 po2) (at p5 po3) (at p6 ap3))
  (:goal (and (at p1 po3) (at p2 ap2) (at p3 po1) (at p4 po3) (at p5 po1) (at p6 po2))))
