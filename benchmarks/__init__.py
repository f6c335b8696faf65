"""Overhead studies. Scripts that print figures; never timed tests."""
