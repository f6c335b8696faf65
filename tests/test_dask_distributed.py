"""Scale-out: arraykit code on dask.array, computed by a dask.distributed LocalCluster whose
workers are separate processes on this machine; results equal NumPy's."""

import os

import numpy as np
import pytest
from frameworks import require

import arraykit
from benchmarks.workloads import mechanics, vision

distributed = require("distributed")
da = require("dask.array")


@pytest.fixture(scope="module")
def client():
    # Two worker processes, one thread each; no dashboard (no port to hold open).
    with (distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=None) as cluster,
          distributed.Client(cluster) as c):
        yield c


def test_workers_are_other_processes(client):
    pids = set(client.run(os.getpid).values())
    assert len(pids) == 2 and os.getpid() not in pids


def test_mechanics_workload_on_cluster(client):
    rng = np.random.default_rng(0)
    quat = mechanics.matrix_to_quaternion(mechanics.euler_to_matrix(rng.uniform(-1, 1, (4000, 3))))
    lazy = mechanics.rotation_round_trip(da.from_array(quat, chunks=1000))
    assert arraykit.is_dask_array(lazy) and arraykit.is_lazy_array(lazy)
    future = client.compute(lazy)
    result = future.result()
    np.testing.assert_allclose(result, mechanics.rotation_round_trip(quat), atol=1e-12)
    np.testing.assert_allclose(result, quat, atol=1e-9)


def test_vision_reprojection_on_cluster(client):
    rng = np.random.default_rng(1)
    depth = rng.uniform(1.0, 4.0, (64, 48))
    k = np.array([[40.0, 0.0, 24.0], [0.0, 40.0, 32.0], [0.0, 0.0, 1.0]])
    pose = np.eye(4)
    pose[:3, :3] = mechanics.euler_to_matrix(np.array([0.05, -0.02, 0.1]))
    pose[:3, 3] = [0.1, 0.0, 0.05]
    lazy = vision.reproject(da.from_array(depth, chunks=(16, 48)), da.from_array(k),
                            da.from_array(pose))
    assert arraykit.is_dask_array(lazy)
    result = client.compute(lazy).result()
    np.testing.assert_allclose(result, vision.reproject(depth, k, pose), rtol=1e-12)
