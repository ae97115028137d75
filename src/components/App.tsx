/** The page: for now a placeholder until the visualizer lands. */
export function App() {
  return (
    <main>
      <h1>firetime</h1>
      <p>The score of a delayed job is the time it should run.</p>
    </main>
  );
}
