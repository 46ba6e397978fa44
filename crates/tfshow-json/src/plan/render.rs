//! Writing many records in parallel: each is rendered into its own buffer on the rayon pool,
//! a chunk at a time, and the buffers are appended in order. Memory stays bounded by the
//! chunk, whatever the size of the plan.

use rayon::prelude::*;
use tfshow_gojson::Writer;

use crate::error::Error;

/// Records rendered per parallel round.
const CHUNK: usize = 256;

/// Writes `render(item)` for every item, in order, as consecutive JSON values.
pub(crate) fn write_all<T: Sync>(
    w: &mut Writer<'_>,
    items: &[T],
    render: impl Fn(&mut Writer<'static>, &T) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    let dialect = w.dialect();
    for chunk in items.chunks(CHUNK) {
        let parts: Vec<Result<Vec<u8>, Error>> = chunk
            .par_iter()
            .map(|item| {
                let mut sub = Writer::new(dialect);
                render(&mut sub, item)?;
                Ok(sub.into_bytes())
            })
            .collect();
        for part in parts {
            w.raw(&part?);
            w.flush_hint();
        }
    }
    Ok(())
}
