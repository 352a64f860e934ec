/** Where a requirement entry was read: a requirements file of the archive, or `[project].dependencies`. */
export interface RequirementSource {
  /** Archive path: `requirements.txt`, a file it includes, or `pyproject.toml`. */
  sourceFile: string;
  /** 1-based line of the entry's first physical line (0 when it could not be located). */
  line: number;
  /** The entry as written, continuation lines joined and the comment removed. */
  text: string;
}

/** One Python package the pack asks pip to install (or, from a `-c` file, constrains). */
export interface PythonRequirement extends RequirementSource {
  /** PEP 503 normalised project name (`opencv-python`); '' when a bare URL or path names none. */
  name: string;
  /** The version specifier as a comma-joined list (`>=1.0,<2`); '' when any version will do. */
  specifier: string;
  /** Extras, PEP 503 normalised, in the order written. */
  extras: string[];
  /** The environment marker as written after `;` (`python_version < "3.10"`); '' when none. */
  markers: string;
  /** The direct reference (`name @ url`, a bare URL or path, `-e url`); '' when it comes from an index. */
  url: string;
  /** Installed with `-e`. */
  editable: boolean;
  /** Read from a constraints file (`-c`): limits versions but installs nothing by itself. */
  constraint: boolean;
}

/** A pip option line of a requirements file (`--extra-index-url URL`, `-f URL`, `--pre`). */
export interface RequirementOption extends RequirementSource {
  /** The option's long name as pip spells it (`--extra-index-url`, `--find-links`, `--requirement`). */
  option: string;
  /** Its value ('' for a flag). */
  value: string;
}

/** An entry that could not be read, with why; pip would refuse or misread the same line. */
export interface RequirementProblem extends RequirementSource {
  message: string;
}

/** Everything a pack declares about its Python dependencies. */
export interface PackRequirements {
  requirements: PythonRequirement[];
  options: RequirementOption[];
  problems: RequirementProblem[];
  /** The requirement files read, in the order they were first read. */
  files: string[];
}
