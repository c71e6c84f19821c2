//! Where this process stands in the job (rank, world size, local rank), from its launcher's
//! environment: torchrun's or Slurm's variables, or one process.

use super::DistError;

/// Where this process stands in the job, from its launcher's environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct World {
    pub rank: usize,
    pub size: usize,
    /// The rank on this node: which GPU it uses.
    pub local_rank: usize,
}

impl World {
    /// One process, no launcher.
    pub fn single() -> World {
        World {
            rank: 0,
            size: 1,
            local_rank: 0,
        }
    }

    /// torchrun's `RANK`, `WORLD_SIZE`, `LOCAL_RANK` (it also sets `MASTER_ADDR`,
    /// `MASTER_PORT`), else Slurm's `SLURM_PROCID`, `SLURM_NTASKS`, `SLURM_LOCALID`; neither:
    /// one process. `get` reads a variable (the environment, or a test's table).
    pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Result<World, DistError> {
        let names = match (get("WORLD_SIZE"), get("SLURM_NTASKS")) {
            (Some(_), _) => ["RANK", "WORLD_SIZE", "LOCAL_RANK"],
            (None, Some(_)) => ["SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID"],
            (None, None) => return Ok(World::single()),
        };
        let read = |var: &str, default: Option<usize>| -> Result<usize, DistError> {
            let err = |value: String, msg: &str| DistError::Env {
                var: var.into(),
                value,
                msg: msg.into(),
            };
            match (get(var), default) {
                (Some(v), _) => (v.trim().parse()).map_err(|_| err(v, "not a whole number")),
                (None, Some(d)) => Ok(d),
                (None, None) => Err(err(String::new(), "missing (the launcher sets it)")),
            }
        };
        let size = read(names[1], None)?;
        let rank = read(names[0], None)?;
        let local_rank = read(names[2], Some(rank))?;
        if size == 0 || rank >= size {
            return Err(DistError::Env {
                var: names[0].into(),
                value: rank.to_string(),
                msg: format!("must be below the world size {size}"),
            });
        }
        Ok(World {
            rank,
            size,
            local_rank,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn world(vars: &[(&str, &str)]) -> Result<World, DistError> {
        let m: HashMap<String, String> = vars
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        World::from_env(|v| m.get(v).cloned())
    }

    #[test]
    fn the_world_comes_from_torchrun_or_slurm_or_is_one_process() {
        assert_eq!(world(&[]).unwrap(), World::single());
        let t = world(&[("RANK", "3"), ("WORLD_SIZE", "8"), ("LOCAL_RANK", "1")]).unwrap();
        assert_eq!((t.rank, t.size, t.local_rank), (3, 8, 1));
        let s = world(&[
            ("SLURM_PROCID", "5"),
            ("SLURM_NTASKS", "6"),
            ("SLURM_LOCALID", "2"),
        ])
        .unwrap();
        assert_eq!((s.rank, s.size, s.local_rank), (5, 6, 2));
        // torchrun's variables win over Slurm's (torchrun inside an allocation).
        let both = world(&[
            ("RANK", "1"),
            ("WORLD_SIZE", "2"),
            ("SLURM_PROCID", "0"),
            ("SLURM_NTASKS", "1"),
        ])
        .unwrap();
        assert_eq!((both.rank, both.size), (1, 2));
        assert!(world(&[("WORLD_SIZE", "2")])
            .unwrap_err()
            .to_string()
            .contains("RANK"));
        assert!(world(&[("RANK", "2"), ("WORLD_SIZE", "2")]).is_err());
        assert!(world(&[("RANK", "x"), ("WORLD_SIZE", "2")])
            .unwrap_err()
            .to_string()
            .contains("whole number"));
    }
}
