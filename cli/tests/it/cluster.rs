//! The batch recipes of `batch/`, run as their READMEs show them: a Slurm job array on a
//! one-node cluster the test starts in a scratch folder (and stops whatever happens), GNU
//! parallel on this machine, the first attempt at one shard killed in each; the merge must
//! equal the unsharded run game for game. The Kubernetes manifests are validated against
//! the Job schema. The tests skip where the tools are missing unless `NULLMOVE_REQUIRE_SLURM`,
//! `NULLMOVE_REQUIRE_PARALLEL` or `NULLMOVE_REQUIRE_KUBERNETES_VALIDATE` is set (CI). They
//! mostly wait on daemons and jobs, so they run beside the CPU-bound tests of this binary
//! rather than in one of their own (about 6 s of a gate's wall time on two cores); their
//! deadlines are a minute, far from what the load beside them costs.

mod recipes;
mod slurm;
