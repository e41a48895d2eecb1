// The script of the server-rendered public blog (blog.html): the stylesheet and the page's few
// behaviours, without React or the SPA, so a reader's phone does not run the app to read a post.
import { startBlogPage } from './features/blog/static-page/start-blog-page.ts';
import './styles.css';

startBlogPage(document);
