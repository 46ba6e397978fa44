//! Writing many records in parallel: records are rendered a batch at a time into buffers on
//! several threads and written out in order ([`for_each_ordered`]). Memory stays bounded by the
//! batches rendered ahead, whatever the size of the plan.
//!
//! A record can also leave a second rendering behind in [`Kept`], to be written later in
//! another part of the document without decoding its values again.

use tfshow_gojson::Writer;

use super::kept::Kept;
use super::ordered::for_each_ordered;
use crate::error::Error;

/// Records rendered into one buffer by one task.
const BATCH: usize = 16;
/// Room for a batch of records before a buffer grows (a few KiB each).
const BATCH_BYTES: usize = 64 * 1024;

/// `items` in batches of [`BATCH`].
fn batches<T>(items: &[T]) -> Vec<&[T]> {
    items.chunks(BATCH).collect()
}

/// Threads to render with: those of the rayon pool (`RAYON_NUM_THREADS`, else one per core).
fn threads() -> usize {
    rayon::current_num_threads()
}

/// Writes `render(item)` for every item, in order, as consecutive JSON values.
pub(crate) fn write_all<T: Sync>(
    w: &mut Writer<'_>,
    items: &[T],
    render: impl Fn(&mut Writer<'static>, &T) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    let dialect = w.dialect();
    let render_batch = |batch: &&[T]| -> Result<Vec<u8>, Error> {
        let mut sub = Writer::with_capacity(dialect, BATCH_BYTES);
        sub.begin_sequence();
        for item in *batch {
            render(&mut sub, item)?;
        }
        Ok(sub.into_bytes())
    };
    for_each_ordered(&batches(items), threads(), render_batch, |part| {
        w.raw_record(&part?);
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
    let render_batch = |batch: &&[T]| -> Result<Rendered, Error> {
        let mut main = Writer::with_capacity(dialect, BATCH_BYTES);
        main.begin_sequence();
        let mut second = Writer::with_capacity(dialect, BATCH_BYTES);
        second.begin_sequence();
        let mut ends = Vec::with_capacity(batch.len());
        for item in *batch {
            render(&mut main, &mut second, item)?;
            ends.push((key(item), main.len(), second.len()));
        }
        Ok((main.into_bytes(), second.into_bytes(), ends))
    };
    let mut i = 0;
    for_each_ordered(&batches(items), threads(), render_batch, |part| {
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
    let keys: Vec<usize> = items.iter().map(&key).collect();
    let wanted: Vec<bool> = keys.iter().map(|&k| !kept.has(k)).collect();
    if !wanted.contains(&true) {
        // All rendered already (the usual case): copy them out.
        return kept.write(&keys, w).map_err(Error::Io);
    }
    let indexed: Vec<(usize, &T)> = items.iter().enumerate().collect();
    // Each item's record, or `None` for one that is kept.
    let render_batch = |batch: &&[(usize, &T)]| -> Result<Vec<Option<Vec<u8>>>, Error> {
        batch
            .iter()
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
    let mut keys = keys.into_iter();
    let mut run = Vec::new();
    for_each_ordered(&batches(&indexed), threads(), render_batch, |part| {
        for record in part? {
            let k = keys.next();
            match record {
                Some(bytes) => {
                    kept.write(&run, w).map_err(Error::Io)?;
                    run.clear();
                    w.raw_record(&bytes);
                }
                None => run.extend(k),
            }
        }
        Ok::<(), Error>(())
    })?;
    kept.write(&run, w).map_err(Error::Io)
}
