//! The batch recipes of `batch/`, run as their READMEs show them: a Slurm job array on a
//! one-node cluster the test starts in a scratch folder (and stops whatever happens), GNU
//! parallel on this machine, the first attempt at one shard killed in each; the merge must
//! equal the unsharded run game for game. The Kubernetes manifests are validated against
//! the Job schema. A binary apart from `tests/it/`: it starts daemons as root and waits on
//! them, and its tests skip where the tools are missing unless `NULLMOVE_REQUIRE_SLURM`,
//! `NULLMOVE_REQUIRE_PARALLEL` or `NULLMOVE_REQUIRE_KUBERNETES_VALIDATE` is set (CI).

mod recipes;
mod slurm;
