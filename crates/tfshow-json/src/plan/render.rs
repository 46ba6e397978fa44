//! Writing many records in parallel: records are rendered a batch at a time into buffers on
//! the rayon pool, a round of batches at a time, while the calling thread writes out the
//! previous round. Memory stays bounded by two rounds, whatever the size of the plan.
//!
//! A record can also leave a second rendering behind in [`Kept`], to be written later in
//! another part of the document without decoding its values again.

use rayon::prelude::*;
use tfshow_gojson::Writer;

use super::kept::Kept;
use crate::error::Error;

/// Records rendered into one buffer by one task.
const BATCH: usize = 16;
/// Batches rendered per parallel round.
const ROUND: usize = 16;
/// Room for a batch of records before a buffer grows (a few KiB each).
const BATCH_BYTES: usize = 64 * 1024;

/// Renders `items` a round at a time with `render_round` on another thread (which hands the
/// work to the rayon pool) and passes each round's result, in order, to `consume` on this
/// one. The next round is rendered while `consume` handles the current one.
fn pipelined<T: Sync, R: Send>(
    items: &[T],
    render_round: impl Fn(&[T]) -> R + Sync,
    mut consume: impl FnMut(R) -> Result<(), Error>,
) -> Result<(), Error> {
    if items.len() <= BATCH * ROUND {
        return consume(render_round(items));
    }
    std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let render_round = &render_round;
        s.spawn(move || {
            for round in items.chunks(BATCH * ROUND) {
                if tx.send(render_round(round)).is_err() {
                    break;
                }
            }
        });
        // On an error `rx` is dropped, which stops the renderer at its next round.
        rx.into_iter().try_for_each(&mut consume)
    })
}

/// Writes `render(item)` for every item, in order, as consecutive JSON values.
pub(crate) fn write_all<T: Sync>(
    w: &mut Writer<'_>,
    items: &[T],
    render: impl Fn(&mut Writer<'static>, &T) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    let dialect = w.dialect();
    let render_round = |round: &[T]| -> Vec<Result<Vec<u8>, Error>> {
        round
            .par_chunks(BATCH)
            .map(|batch| {
                let mut sub = Writer::with_capacity(dialect, BATCH_BYTES);
                sub.begin_sequence();
                for item in batch {
                    render(&mut sub, item)?;
                }
                Ok(sub.into_bytes())
            })
            .collect()
    };
    pipelined(items, render_round, |parts| {
        for part in parts {
            w.raw_record(&part?);
        }
        Ok(())
    })
}

/// Like [`write_all`], but `render` also writes a second record to its second writer, which
/// is kept in `kept` under `key(item)`; and `before(w, i)` is called before the `i`-th record
/// is written, to write what goes between records.
pub(crate) fn write_all_keeping<T: Sync>(
    w: &mut Writer<'_>,
    items: &[T],
    kept: &mut Kept,
    key: impl Fn(&T) -> usize + Sync,
    render: impl Fn(&mut Writer<'static>, &mut Writer<'static>, &T) -> Result<(), Error> + Sync,
    mut before: impl FnMut(&mut Writer<'_>, usize),
) -> Result<(), Error> {
    let dialect = w.dialect();
    // A batch's records, its second records, and each item's key and the ends of its two.
    type Rendered = (Vec<u8>, Vec<u8>, Vec<(usize, usize, usize)>);
    let render_round = |round: &[T]| -> Vec<Result<Rendered, Error>> {
        round
            .par_chunks(BATCH)
            .map(|batch| {
                let mut main = Writer::with_capacity(dialect, BATCH_BYTES);
                main.begin_sequence();
                let mut second = Writer::with_capacity(dialect, BATCH_BYTES);
                second.begin_sequence();
                let mut ends = Vec::with_capacity(batch.len());
                for item in batch {
                    render(&mut main, &mut second, item)?;
                    ends.push((key(item), main.len(), second.len()));
                }
                Ok((main.into_bytes(), second.into_bytes(), ends))
            })
            .collect()
    };
    let mut i = 0;
    pipelined(items, render_round, |parts| {
        for part in parts {
            let (main, second, ends) = part?;
            let (mut start, mut second_start) = (0, 0);
            for (k, end, second_end) in ends {
                // Records after the first of a batch start with the sequence's comma.
                let skip = usize::from(start > 0);
                before(w, i);
                w.raw_record(&main[start + skip..end]);
                let skip = usize::from(second_start > 0);
                kept.put(k, &second[second_start + skip..second_end])
                    .map_err(Error::Io)?;
                (start, second_start) = (end, second_end);
                i += 1;
            }
        }
        Ok(())
    })
}

/// Like [`write_all`], but items already rendered into `kept` are copied from there.
pub(crate) fn write_all_kept<T: Sync>(
    w: &mut Writer<'_>,
    items: &[T],
    kept: &mut Kept,
    key: impl Fn(&T) -> usize + Sync,
    render: impl Fn(&mut Writer<'static>, &T) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    let dialect = w.dialect();
    let wanted: Vec<bool> = items.iter().map(|item| !kept.has(key(item))).collect();
    if !wanted.contains(&true) {
        // All rendered already (the usual case): copy them out.
        let keys: Vec<usize> = items.iter().map(&key).collect();
        return kept.write(&keys, w).map_err(Error::Io);
    }
    let render_round = |round: &[(usize, &T)]| -> Vec<Result<Option<Vec<u8>>, Error>> {
        round
            .par_iter()
            .map(|&(i, item)| {
                if !wanted[i] {
                    return Ok(None);
                }
                let mut sub = Writer::new(dialect);
                render(&mut sub, item)?;
                Ok(Some(sub.into_bytes()))
            })
            .collect()
    };
    let indexed: Vec<(usize, &T)> = items.iter().enumerate().collect();
    let mut keys = items.iter().map(&key);
    let mut run = Vec::new();
    pipelined(&indexed, render_round, |parts| {
        for part in parts {
            let k = keys.next();
            match part? {
                Some(bytes) => {
                    kept.write(&run, w).map_err(Error::Io)?;
                    run.clear();
                    w.raw_record(&bytes);
                }
                None => run.extend(k),
            }
        }
        kept.write(&run, w).map_err(Error::Io)?;
        run.clear();
        Ok(())
    })
}
