"""Workloads written once against ``xp = arraykit.array_namespace(x)``, modelled on the Ivy
paper's libraries (mechanics, vision, robotics, a differentiable environment). Used by the
overhead study and by the scale-out tests on dask."""
