/** TypeBox schemas of the crop-model weather files (DSSAT `.WTH`, APSIM `.met`). */
import { Type } from 'typebox';

export const ExportQuery = Type.Object({
  dateFormat: Type.Optional(Type.String({ description: 'DSSAT only: `yyddd` (default, every DSSAT version) or `yyyyddd` (DSSAT 4.8)' })),
  insi: Type.Optional(Type.String({ description: 'DSSAT only: the station code, 4 letters or digits (default `AGWX`); it also names the file' })),
});

export const EXPORT_FORMAT_DESCRIPTION = '`dssat` (or `wth`): DSSAT weather file; `apsim` (or `met`): APSIM weather file';

/** The 200 answer: a text file. */
export const TEXT_FILE = {
  description: 'The weather file (an attachment); `X-Data-Source` names the source of its numbers',
  content: { 'text/plain': { schema: Type.String() } },
};
